# Grupo 8: Luis Sousa 80808, Marta Faria 80809
# (a student's file as written: not linted, see pyproject.toml)
# Coordenada: tuplo (linha, coluna). Tabuleiro: dicionario com a grelha
# (lista de 4 listas) e a pontuacao.
from random import random, choice


def cria_coordenada(l, c):
    if type(l) != int or type(c) != int or not (1 <= l <= 4 and 1 <= c <= 4):
        raise ValueError('cria_coordenada: argumentos invalidos')
    return (l, c)


def coordenada_linha(c):
    return c[0]


def coordenada_coluna(c):
    return c[1]


def e_coordenada(x):
    return isinstance(x, tuple) and len(x) == 2 and type(x[0]) == int \
        and type(x[1]) == int and 1 <= x[0] <= 4 and 1 <= x[1] <= 4


def coordenadas_iguais(c1, c2):
    return coordenada_linha(c1) == coordenada_linha(c2) and \
        coordenada_coluna(c1) == coordenada_coluna(c2)


def cria_tabuleiro():
    return {'grelha': [[0, 0, 0, 0] for i in range(4)], 'pontuacao': 0}


def tabuleiro_posicao(t, c):
    if not e_coordenada(c):
        raise ValueError('tabuleiro_posicao:  argumentos invalidos')
    return t['grelha'][coordenada_linha(c) - 1][coordenada_coluna(c) - 1]


def tabuleiro_pontuacao(t):
    return t['pontuacao']


def tabuleiro_posicoes_vazias(t):
    vazias = []
    for l in range(1, 5):
        for c in range(1, 5):
            if tabuleiro_posicao(t, cria_coordenada(l, c)) == 0:
                vazias = vazias + [cria_coordenada(l, c)]
    return vazias


def tabuleiro_preenche_posicao(t, c, v):
    if not e_coordenada(c) or type(v) != int:
        raise ValueError('tabuleiro_preenche_posicao: argumentos invalidos')
    t['grelha'][coordenada_linha(c) - 1][coordenada_coluna(c) - 1] = v
    return t


def tabuleiro_actualiza_pontuacao(t, v):
    if type(v) != int or v < 0 or v % 4 != 0:
        raise ValueError('tabuleiro_actualiza_pontuacao: argumentos invalidos')
    t['pontuacao'] = t['pontuacao'] + v
    return t


def linha_de(jogada, i):
    # as coordenadas da linha i, a comecar pelo lado para onde vao as pecas
    if jogada == 'N':
        return [cria_coordenada(l, i) for l in range(1, 5)]
    if jogada == 'S':
        return [cria_coordenada(l, i) for l in range(4, 0, -1)]
    if jogada == 'W':
        return [cria_coordenada(i, c) for c in range(1, 5)]
    return [cria_coordenada(i, c) for c in range(4, 0, -1)]


def tabuleiro_reduz(t, jogada):
    if jogada not in ('N', 'S', 'E', 'W'):
        raise ValueError('tabuleiro_reduz: argumentos invalidos')
    for i in range(1, 5):
        coords = linha_de(jogada, i)
        pecas = [tabuleiro_posicao(t, c) for c in coords if tabuleiro_posicao(t, c) != 0]
        nova = []
        j = 0
        while j < len(pecas):
            if j + 1 < len(pecas) and pecas[j] == pecas[j + 1]:
                nova.append(pecas[j] * 2)
                tabuleiro_actualiza_pontuacao(t, pecas[j] * 2)
                j = j + 2
            else:
                nova.append(pecas[j])
                j = j + 1
        nova = nova + [0] * (4 - len(nova))
        for k in range(4):
            tabuleiro_preenche_posicao(t, coords[k], nova[k])
    return t


def e_tabuleiro(x):
    return isinstance(x, dict) and len(x) == 2 and 'grelha' in x and 'pontuacao' in x \
        and isinstance(x['grelha'], list) and len(x['grelha']) == 4 \
        and all(isinstance(l, list) and len(l) == 4 for l in x['grelha'])


def tabuleiro_terminado(t):
    if tabuleiro_posicoes_vazias(t) != []:
        return False
    for jogada in ('N', 'S', 'E', 'W'):
        if not tabuleiros_iguais(tabuleiro_reduz(copia_tabuleiro(t), jogada), t):
            return False
    return True


def tabuleiros_iguais(t1, t2):
    return t1['grelha'] == t2['grelha'] and t1['pontuacao'] == t2['pontuacao']


def escreve_tabuleiro(t):
    if not e_tabuleiro(t):
        raise ValueError('escreve_tabuleiro: argumentos invalidos')
    for l in range(1, 5):
        for c in range(1, 5):
            print('[', tabuleiro_posicao(t, cria_coordenada(l, c)), ']', end=' ')
        print()
    print('Pontuacao:', tabuleiro_pontuacao(t))


def copia_tabuleiro(t):
    return {'grelha': [l[:] for l in t['grelha']], 'pontuacao': t['pontuacao']}


def preenche_posicao_aleatoria(t):
    c = choice(tabuleiro_posicoes_vazias(t))
    if random() < 0.8:
        return tabuleiro_preenche_posicao(t, c, 2)
    return tabuleiro_preenche_posicao(t, c, 4)


def pede_jogada():
    jogada = input('Introduza uma jogada (N, S, E, W): ')
    while jogada not in ('N', 'S', 'E', 'W'):
        print('Jogada invalida.')
        jogada = input('Introduza uma jogada (N, S, E, W): ')
    return jogada


def jogo_2048():
    t = preenche_posicao_aleatoria(preenche_posicao_aleatoria(cria_tabuleiro()))
    while not tabuleiro_terminado(t):
        escreve_tabuleiro(t)
        antes = copia_tabuleiro(t)
        tabuleiro_reduz(t, pede_jogada())
        if not tabuleiros_iguais(antes, t):
            preenche_posicao_aleatoria(t)
    escreve_tabuleiro(t)
