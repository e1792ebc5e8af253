# bash completion for grove: commands, options, games, parameters (--set
# NAME=) and rulings (--ruling ID=ALTERNATIVE). Every list comes from the grove
# being completed, when completing: 'grove --help' (the commands), 'grove
# COMMAND --help' (the options and their values), 'grove games --names' and
# 'grove rules GAME --names', so that it never drifts from the binary.
# Installed as share/bash-completion/completions/grove; to try it from the
# source tree: source tools/completion/grove.bash

# _grove_reply PREFIX CURRENT CANDIDATE...: PREFIX (--option= or nothing)
# and the candidates that start with CURRENT, each cut where readline's own
# word starts (after the last character of PREFIX CURRENT that is in
# COMP_WORDBREAKS, such as '=' in --ruling ID=ALT).
_grove_reply() {
  local prefix=$1 i start=0
  local cur=$prefix$2
  shift 2
  local IFS=$'\n'
  COMPREPLY=($(compgen -P "$prefix" -W "$*" -- "${cur#"$prefix"}"))
  for ((i = ${#cur} - 1; i >= 0; i--)); do
    if [[ $COMP_WORDBREAKS == *"${cur:i:1}"* ]]; then
      start=$((i + 1))
      break
    fi
  done
  if ((start > 0)); then
    for i in "${!COMPREPLY[@]}"; do COMPREPLY[i]=${COMPREPLY[i]:start}; done
  fi
}

# _grove_names GROVE KIND GAME...: the names of one kind (parameter, ruling,
# clause) that 'grove rules GAME --names' lists, over the games given.
_grove_names() {
  local grove=$1 kind=$2 game
  shift 2
  for game in "$@"; do
    "$grove" rules "$game" --names 2>/dev/null | sed -n "s/^$kind //p"
  done
}

_grove() {
  local grove=${COMP_WORDS[0]}
  # The words up to the cursor, split at blanks only, so that NAME=VALUE and
  # --option=value stay one word whatever COMP_WORDBREAKS holds.
  local line=${COMP_LINE:0:COMP_POINT} cur=""
  local -a words
  read -r -a words <<<"$line"
  if [[ $line != *[[:blank:]] ]] && ((${#words[@]} > 1)); then
    cur=${words[-1]}
    unset 'words[-1]'
  fi
  COMPREPLY=()

  if ((${#words[@]} == 1)); then
    _grove_reply "" "$cur" $("$grove" --help 2>/dev/null |
      sed -n '/^commands:/,/^$/s/^  \([a-z][a-z]*\) .*/\1/p') --help --version
    return
  fi

  local command=${words[1]} help
  help=$("$grove" "$command" --help 2>/dev/null) || return
  # The options, each with its value's name (empty for a switch):
  # "  --players N   number of players" -> "--players N".
  local options
  options=$(sed -n '/^options:/,$p' <<<"$help" |
    sed -n 's/^  \(-[a-zA-Z] \[ \)\{0,1\}\(--[a-z0-9-]*\)\( \]\)\{0,1\}\( [^ (][^ ]*\)\{0,1\}.*/\2\4/p')
  local games
  games=$("$grove" games --names 2>/dev/null)

  # The option whose value is being written: the previous word, or the word
  # itself as --option=value.
  local option="" prefix=""
  if [[ $cur == --*=* ]]; then
    option=${cur%%=*}
    prefix=$option=
    cur=${cur#*=}
  elif [[ ${words[-1]} == -* ]]; then
    option=${words[-1]}
    [[ $option == -? ]] && option=$(sed -n "s/^  $option \[ \(--[a-z0-9-]*\) \].*/\1/p" <<<"$help")
  fi
  local value_name=""
  if [[ -n $option ]]; then
    value_name=$(sed -n "s/^$option \(.*\)/\1/p" <<<"$options")
  fi

  if [[ -n $value_name ]]; then
    # The game named on the line, for --set and --ruling; without one,
    # every game's (grove replay applies them to every scenario).
    local word game_named=()
    for word in "${words[@]:2}"; do
      if grep -qx -- "$word" <<<"$games"; then game_named=("$word"); fi
    done
    ((${#game_named[@]})) || game_named=($games)
    case $option in
      --set)
        compopt -o nospace 2>/dev/null
        _grove_reply "$prefix" "$cur" $(_grove_names "$grove" parameter "${game_named[@]}" | sed 's/$/=/')
        ;;
      --ruling)
        if [[ $cur == *=* ]]; then
          _grove_reply "$prefix" "$cur" $(_grove_names "$grove" ruling "${game_named[@]}")
        else
          compopt -o nospace 2>/dev/null
          _grove_reply "$prefix" "$cur" $(_grove_names "$grove" ruling "${game_named[@]}" |
            sed 's/=.*/=/' | sort -u)
        fi
        ;;
      --game)
        _grove_reply "$prefix" "$cur" $games
        ;;
      *)
        case $value_name in
          *FILE* | *DIR* | *SCENARIO* | *.yaml* | \[*)
            compopt -o filenames 2>/dev/null
            local IFS=$'\n'
            COMPREPLY=($(compgen -f -- "$cur"))
            ;;
        esac
        ;;
    esac
    return
  fi

  if [[ $cur == -* ]]; then
    _grove_reply "" "$cur" $(sed 's/ .*//' <<<"$options")
    return
  fi

  # A positional argument: the game, when the command's usage starts with
  # GAME and none is named yet; files otherwise.
  local usage=${help%%$'\n'*} word
  if [[ $usage == "usage: grove $command GAME"* ]]; then
    local named=0
    for word in "${words[@]:2}"; do
      grep -qx -- "$word" <<<"$games" && named=1
    done
    if ((named == 0)); then
      _grove_reply "" "$cur" $games
      return
    fi
  fi
  compopt -o filenames 2>/dev/null
  local IFS=$'\n'
  COMPREPLY=($(compgen -f -- "$cur"))
}

complete -F _grove grove
