# Grupo 3: Carla Mendes 80111, Diogo Ramos 80222
# (a student's file as written: not linted, see pyproject.toml)
# Coordenada: lista [linha, coluna]. Tabuleiro: lista com as 4 linhas da
# grelha seguidas da pontuacao: [l1, l2, l3, l4, pontuacao].
# A reducao roda a grelha para que a jogada seja sempre para a esquerda.


def cria_coordenada(l, c):
    if not (isinstance(l, int) and isinstance(c, int)) or isinstance(l, bool) \
            or isinstance(c, bool) or l < 1 or l > 4 or c < 1 or c > 4:
        raise ValueError('cria_coordenada: argumentos invalidos')
    return [l, c]


def coordenada_linha(c):
    return c[0]


def coordenada_coluna(c):
    return c[1]


def e_coordenada(x):
    if not isinstance(x, list) or len(x) != 2:
        return False
    for n in x:
        if type(n) != int or n < 1 or n > 4:
            return False
    return True


def coordenadas_iguais(c1, c2):
    return c1 == c2


def cria_tabuleiro():
    t = []
    for i in range(4):
        t.append([0, 0, 0, 0])
    t.append(0)
    return t


def tabuleiro_posicao(t, c):
    if not e_coordenada(c):
        raise ValueError('tabuleiro_posicao: argumentos invalidos')
    return t[c[0] - 1][c[1] - 1]


def tabuleiro_pontuacao(t):
    return t[4]


def tabuleiro_posicoes_vazias(t):
    res = []
    for l in range(4):
        for c in range(4):
            if t[l][c] == 0:
                res.append(cria_coordenada(l + 1, c + 1))
    return res


def tabuleiro_preenche_posicao(t, c, v):
    if not e_coordenada(c) or type(v) != int:
        raise ValueError('tabuleiro_preenche_posicao: argumentos invalidos')
    t[c[0] - 1][c[1] - 1] = v
    return t


def tabuleiro_actualiza_pontuacao(t, v):
    if type(v) != int or v < 0 or v % 4 != 0:
        raise ValueError('tabuleiro_actualiza_pontuacao: argumentos invalidos')
    t[4] += v
    return t


def roda(grelha):
    # roda a grelha 90 graus no sentido dos ponteiros do relogio (uma copia)
    return [[grelha[3 - c][l] for c in range(4)] for l in range(4)]


def junta_esquerda(linha):
    pecas = [v for v in linha if v != 0]
    nova, pontos, i = [], 0, 0
    while i < len(pecas):
        if i + 1 < len(pecas) and pecas[i] == pecas[i + 1]:
            nova.append(2 * pecas[i])
            pontos += 2 * pecas[i]
            i += 2
        else:
            nova.append(pecas[i])
            i += 1
    return nova + [0] * (4 - len(nova)), pontos


VOLTAS = {'W': 0, 'S': 1, 'E': 2, 'N': 3}


def tabuleiro_reduz(t, jogada):
    if jogada not in VOLTAS:
        raise ValueError('tabuleiro_reduz: argumentos invalidos')
    grelha = t[:4]
    for i in range(VOLTAS[jogada]):
        grelha = roda(grelha)
    total = 0
    for l in range(4):
        grelha[l], pontos = junta_esquerda(grelha[l])
        total += pontos
    for i in range((4 - VOLTAS[jogada]) % 4):
        grelha = roda(grelha)
    t[:4] = grelha
    return tabuleiro_actualiza_pontuacao(t, total)


def e_tabuleiro(x):
    if type(x) != list or len(x) != 5 or type(x[4]) != int:
        return False
    for linha in x[:4]:
        if type(linha) != list or len(linha) != 4:
            return False
    return True


def tabuleiro_terminado(t):
    if len(tabuleiro_posicoes_vazias(t)) > 0:
        return False
    for j in VOLTAS:
        if copia_tabuleiro(t)[:4] != tabuleiro_reduz(copia_tabuleiro(t), j)[:4]:
            return False
    return True


def tabuleiros_iguais(t1, t2):
    return t1 == t2


def copia_tabuleiro(t):
    return [l[:] for l in t[:4]] + [t[4]]
